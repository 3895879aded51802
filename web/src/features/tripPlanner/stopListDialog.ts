/** What a trip-planner dialog that rewrites the live stop list (Optimise route, Import places) is given. */
import type { DocStop } from '@caravan/shared';
import type { TripConnection } from '../../lib/collab/tripConnection.ts';

export interface StopListDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tripId: string;
  connection: TripConnection;
  stops: DocStop[];
}

/** The form inside such a dialog: the same, and how to close it once done. */
export type StopListFormProps = Omit<StopListDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void };
