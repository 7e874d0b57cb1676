/**
 * A one-time signal between two parts of a test that run side by side: `fire()` once, and whoever
 * awaits `fired` goes on (a transaction held open until the test lets it end, a job known to be running).
 */
export function signal(): { fire: () => void; fired: Promise<void> } {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}
