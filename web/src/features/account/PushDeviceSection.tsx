/** The account page's "Notifications on this device": turn Web Push on or off here (the browser asks permission). */
import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../components/FormError.tsx';
import { errorMessage } from '../../lib/api.ts';
import { pushDeviceMessages as text } from './pushDeviceMessages.ts';
import { pushDeviceState, turnPushOff, turnPushOn, type PushDeviceState } from './pushDevice.ts';

const WHY_NOT: Partial<Record<PushDeviceState, string>> = { blocked: text.blocked, installOnIos: text.installOnIos, unsupported: text.unsupported };

export function PushDeviceSection() {
  const [state, setState] = useState<PushDeviceState | null>(null);
  useEffect(() => {
    let current = true;
    void pushDeviceState().then((found) => current && setState(found), () => current && setState('unsupported'));
    return () => {
      current = false;
    };
  }, []);
  const change = useMutation({ mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()), onSuccess: setState });

  return (
    <section className="form" aria-labelledby="account-push-title" data-testid="push-device">
      <h2 id="account-push-title">{text.title}</h2>
      <p className="muted">{text.intro}</p>
      <FormError message={change.isError ? errorMessage(change.error, text.failed) : null} />
      {state === null && <p className="muted">{text.checking}</p>}
      {state && WHY_NOT[state] && <p className="muted">{WHY_NOT[state]}</p>}
      {(state === 'on' || state === 'off') && (
        <>
          <p role="status">{state === 'on' ? text.on : text.off}</p>
          <button type="button" className={state === 'on' ? 'button' : 'button primary'} disabled={change.isPending} onClick={() => change.mutate(state === 'off')}>
            {change.isPending ? text.working : state === 'on' ? text.turnOff : text.turnOn}
          </button>
        </>
      )}
    </section>
  );
}
