import { ActivityEntity } from './activity.ts';
import { CommentEntity } from './comment.ts';
import { InvitationEntity } from './invitation.ts';
import { JournalEntryEntity } from './journalEntry.ts';
import { OAuthAccountEntity } from './oauthAccount.ts';
import { OAuthCredentialEntity } from './oauthCredential.ts';
import { PasskeyEntity } from './passkey.ts';
import { PhotoEntity } from './photo.ts';
import { SessionEntity } from './session.ts';
import { StopEntity } from './stop.ts';
import { StopSuggestionEntity } from './stopSuggestion.ts';
import { TripEntity } from './trip.ts';
import { TripDocEntity } from './tripDoc.ts';
import { TripDocUpdateEntity } from './tripDocUpdate.ts';
import { TripMemberEntity } from './tripMember.ts';
import { UserEntity } from './user.ts';

export const entities = [
  UserEntity,
  SessionEntity,
  OAuthAccountEntity,
  OAuthCredentialEntity,
  PasskeyEntity,
  TripEntity,
  TripMemberEntity,
  InvitationEntity,
  StopEntity,
  JournalEntryEntity,
  PhotoEntity,
  StopSuggestionEntity,
  CommentEntity,
  ActivityEntity,
  TripDocEntity,
  TripDocUpdateEntity,
];

export * from './activity.ts';
export * from './comment.ts';
export * from './invitation.ts';
export * from './journalEntry.ts';
export * from './oauthAccount.ts';
export * from './oauthCredential.ts';
export * from './passkey.ts';
export * from './photo.ts';
export * from './session.ts';
export * from './stop.ts';
export * from './stopSuggestion.ts';
export * from './trip.ts';
export * from './tripDoc.ts';
export * from './tripDocUpdate.ts';
export * from './tripMember.ts';
export * from './user.ts';
