import { EntitySchema } from 'typeorm';

export interface Invitation {
  id: string;
  tripId: string;
  invitedEmail: string;
  role: 'editor' | 'viewer';
  token: string;
  invitedBy: number | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export const InvitationEntity = new EntitySchema<Invitation>({
  name: 'Invitation',
  tableName: 'invitations',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    tripId: { type: 'uuid', name: 'trip_id' },
    invitedEmail: { type: 'text', name: 'invited_email' },
    role: { type: 'text' },
    token: { type: 'text' },
    invitedBy: { type: 'int', name: 'invited_by', nullable: true },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
    acceptedAt: { type: 'timestamptz', name: 'accepted_at', nullable: true },
    acceptedBy: { type: 'int', name: 'accepted_by', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
