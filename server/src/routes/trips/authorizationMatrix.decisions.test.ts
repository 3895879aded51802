/** The authorization matrix (authorizationMatrix.suite.ts) for suggestion votes, polls and checklists. */
import { describeAuthorizationMatrix } from './authorizationMatrix.suite.ts';

describeAuthorizationMatrix('decisions');
