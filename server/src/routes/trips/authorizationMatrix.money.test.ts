/** The authorization matrix (authorizationMatrix.suite.ts) for the cost calls. */
import { describeAuthorizationMatrix } from './authorizationMatrix.suite.ts';

describeAuthorizationMatrix('money');
