/** Names of the test databases and URLs pointing at them. */
export const TEMPLATE_DATABASE = 'caravan_test_template';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
