/**
 * An error and the errors it was caused by, from the outside in: the ORM's wrapper (whose message
 * names the statement's parameters), a rollback, the driver's or the socket's error. Bounded, and safe
 * from a cause that points back.
 */
export function causeChain(error: unknown, limit = 10): object[] {
  const chain: object[] = [];
  for (let e: unknown = error; typeof e === 'object' && e !== null && !chain.includes(e); ) {
    if (chain.length >= limit) break;
    chain.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}
