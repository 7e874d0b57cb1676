/** The same server as TEST_DATABASE_URL, another database on it. */
export function adminUrl(url: string, database?: string): string {
  const u = new URL(url);
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

export const templateName = () => `skyvault_tpl_${process.pid}`;
