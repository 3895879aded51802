/** Recognises PostgreSQL errors that mean "the client asked for something that already exists". */
export function isUniqueViolation(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string }; code?: string }) ?? {};
  return (driverError.driverError?.code ?? driverError.code) === '23505';
}
