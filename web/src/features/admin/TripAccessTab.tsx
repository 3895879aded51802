/**
 * Trip Access tab: add a user to a trip with a role; users and trips come from the admin lists. Submitting
 * without a user or a trip says which is missing, at the form's top and on the field, and focuses it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, parseWith, ZAdminAddToTripRequest, type TTripRole } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useToast } from '../../lib/toastStore.ts';
import { ADMIN_TRIPS_KEY, ADMIN_USERS_KEY, adminApi } from './adminApi.ts';
import { adminMessages } from './messages.ts';

export function TripAccessTab() {
  const text = adminMessages;
  const users = useQuery({ queryKey: ADMIN_USERS_KEY, queryFn: adminApi.users });
  const trips = useQuery({ queryKey: ADMIN_TRIPS_KEY, queryFn: adminApi.trips });
  const [userId, setUserId] = useState(0);
  const [tripId, setTripId] = useState('');
  const [role, setRole] = useState<TTripRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<'user' | 'trip' | null>(null);
  const errorId = useId();
  const userSelect = useRef<HTMLSelectElement>(null);
  const tripSelect = useRef<HTMLSelectElement>(null);
  const toast = useToast();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: adminApi.addToTrip,
    onSuccess: () => {
      toast.success(messages.admin.addedToTrip);
      void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    },
    onError: () => toast.error(messages.admin.addToTripFailed),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const unchosen = userId === 0 ? 'user' : tripId === '' ? 'trip' : null;
    setMissing(unchosen);
    if (unchosen) {
      setError(unchosen === 'user' ? text.chooseUser : text.chooseTrip);
      (unchosen === 'user' ? userSelect : tripSelect).current?.focus();
      return;
    }
    const parsed = parseWith(ZAdminAddToTripRequest, { userId, tripId, role });
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    add.mutate(parsed.data);
  }

  return (
    <form className="form narrow" onSubmit={submit} noValidate>
      <h2>{text.addToTripTitle}</h2>
      <FormError message={error} id={errorId} />
      <label>
        {text.userId}
        <select
          ref={userSelect}
          value={userId}
          onChange={(e) => setUserId(Number(e.target.value))}
          aria-invalid={missing === 'user' || undefined}
          aria-describedby={missing === 'user' ? errorId : undefined}
        >
          <option value={0}>{text.chooseUserOption}</option>
          {users.data?.map((user) => (
            <option key={user.id} value={user.id}>
              {user.displayName} ({user.email})
            </option>
          ))}
        </select>
      </label>
      <label>
        {text.tripId}
        <select
          ref={tripSelect}
          value={tripId}
          onChange={(e) => setTripId(e.target.value)}
          aria-invalid={missing === 'trip' || undefined}
          aria-describedby={missing === 'trip' ? errorId : undefined}
        >
          <option value="">{text.chooseTripOption}</option>
          {trips.data?.map((trip) => (
            <option key={trip.id} value={trip.id}>
              {trip.title} — {trip.ownerDisplayName}
            </option>
          ))}
        </select>
      </label>
      <label>
        {text.role}
        {/* No owner: a trip keeps its one owner, and the server refuses a second. */}
        <select value={role} onChange={(e) => setRole(e.target.value as TTripRole)}>
          <option value="viewer">viewer</option>
          <option value="editor">editor</option>
        </select>
      </label>
      <SubmitButton label={text.addToTrip} pending={add.isPending} />
    </form>
  );
}
