/** The account page's Notifications (docs/product.md#notifications): per kind, in the app, by e-mail and by push, saved at once. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationCalls, type TNotificationPreference } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { call, errorMessage } from '../../lib/api.ts';
import { EmailDeliveryChoice } from './EmailDeliveryChoice.tsx';
import { accountMessages as text } from './messages.ts';
import { pushDeviceMessages } from './pushDeviceMessages.ts';

const PREFERENCES_KEY = ['notification-preferences'];
const api = notificationCalls.notifications;

export function NotificationsSection() {
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => call(api.preferences) });
  const save = useMutation({
    mutationFn: ({ kind, inApp, email, push }: TNotificationPreference) => call(api.updatePreference, { kind, inApp, email, push }),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });

  return (
    <section className="form" aria-labelledby="account-notifications-title" data-testid="notification-preferences">
      <h2 id="account-notifications-title">{text.notificationsTitle}</h2>
      <p className="muted">{text.notificationsIntro}</p>
      <FormError message={save.isError ? errorMessage(save.error, text.notificationsFailed) : null} />
      {preferences.data && (
        <table className="notification-preferences">
          <thead>
            <tr>
              <th scope="col">{text.notificationKind}</th>
              <th scope="col">{text.inApp}</th>
              <th scope="col">{text.byEmail}</th>
              <th scope="col">{pushDeviceMessages.byPush}</th>
            </tr>
          </thead>
          <tbody>
            {preferences.data.preferences.map((choice) => {
              const kind = text.notificationKinds[choice.kind];
              return (
                <tr key={choice.kind}>
                  <th scope="row">{kind}</th>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={text.choiceLabel(kind, text.inApp)}
                      checked={choice.inApp}
                      disabled={save.isPending}
                      onChange={(event) => save.mutate({ ...choice, inApp: event.target.checked })}
                    />
                  </td>
                  <td>
                    {choice.emailable ? (
                      <input
                        type="checkbox"
                        aria-label={text.choiceLabel(kind, text.byEmail)}
                        checked={choice.email}
                        disabled={save.isPending}
                        onChange={(event) => save.mutate({ ...choice, email: event.target.checked })}
                      />
                    ) : (
                      <span className="muted">{text.noEmail}</span>
                    )}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={text.choiceLabel(kind, pushDeviceMessages.byPush)}
                      checked={choice.push}
                      disabled={save.isPending}
                      onChange={(event) => save.mutate({ ...choice, push: event.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <EmailDeliveryChoice />
    </section>
  );
}
