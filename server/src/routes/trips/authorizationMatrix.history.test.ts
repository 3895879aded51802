/** The authorization matrix (authorizationMatrix.suite.ts) for the trip history's calls. */
import { describeAuthorizationMatrix } from './authorizationMatrix.suite.ts';

describeAuthorizationMatrix('history');
