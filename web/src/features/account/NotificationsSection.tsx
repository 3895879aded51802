/** The account page's Notifications (docs/product.md#notifications): per kind, in the app and by e-mail, saved at once. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationCalls, type TNotificationPreference } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { call, errorMessage } from '../../lib/api.ts';
import { EmailDeliveryChoice } from './EmailDeliveryChoice.tsx';
import { accountMessages as text } from './messages.ts';

const PREFERENCES_KEY = ['notification-preferences'];
const api = notificationCalls.notifications;

export function NotificationsSection() {
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => call(api.preferences) });
  const save = useMutation({
    mutationFn: (choice: Pick<TNotificationPreference, 'kind' | 'inApp' | 'email'>) => call(api.updatePreference, choice),
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
                      onChange={(event) => save.mutate({ kind: choice.kind, inApp: event.target.checked, email: choice.email })}
                    />
                  </td>
                  <td>
                    {choice.emailable ? (
                      <input
                        type="checkbox"
                        aria-label={text.choiceLabel(kind, text.byEmail)}
                        checked={choice.email}
                        disabled={save.isPending}
                        onChange={(event) => save.mutate({ kind: choice.kind, inApp: choice.inApp, email: event.target.checked })}
                      />
                    ) : (
                      <span className="muted">{text.noEmail}</span>
                    )}
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
