/** The ordered list of schema migrations; TypeORM runs them, the schema is never synchronised implicitly. */
import { InitialSchema1763800000000 } from './1763800000000-InitialSchema.ts';

export const migrations = [InitialSchema1763800000000];
