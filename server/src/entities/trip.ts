import { EntitySchema } from 'typeorm';

export interface Trip {
  id: string;
  ownerId: number;
  title: string;
  description: string | null;
  heroImage: string | null;
  isPublic: boolean;
  shareToken: string | null;
  routeMode: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const TripEntity = new EntitySchema<Trip>({
  name: 'Trip',
  tableName: 'trips',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    ownerId: { type: 'int', name: 'owner_id' },
    title: { type: 'text' },
    description: { type: 'text', nullable: true },
    heroImage: { type: 'text', name: 'hero_image', nullable: true },
    isPublic: { type: 'boolean', name: 'is_public', default: false },
    shareToken: { type: 'text', name: 'share_token', nullable: true },
    routeMode: { type: 'boolean', name: 'route_mode', default: true },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
