/** The authorization matrix (authorizationMatrix.suite.ts) for the trip, journal, export and search calls and the stored photos. */
import { describeAuthorizationMatrix } from './authorizationMatrix.suite.ts';

describeAuthorizationMatrix('trips');
