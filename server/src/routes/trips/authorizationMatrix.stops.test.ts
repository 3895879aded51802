/** The authorization matrix (authorizationMatrix.suite.ts) for the stop calls. */
import { describeAuthorizationMatrix } from './authorizationMatrix.suite.ts';

describeAuthorizationMatrix('stops');
