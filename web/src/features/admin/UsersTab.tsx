/**
 * Users tab: table with search, status filter, per-row role select and enable/disable. The admin's own row
 * offers no working Disable (the server refuses it anyway): the button is disabled, the reason beside it.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_SKELETON_ROWS, messages, type TAdminUser, type TAuthUser } from '@caravan/shared';
import { useToast } from '../../lib/toastStore.ts';
import { ADMIN_USERS_KEY, adminApi } from './adminApi.ts';
import { adminMessages } from './messages.ts';
import { filterUsers, type UserFilter } from './userFilter.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function UsersTab({ me }: { me: TAuthUser }) {
  const text = adminMessages;
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const ownStatusHintId = useId();
  const users = useQuery({ queryKey: ADMIN_USERS_KEY, queryFn: adminApi.users });
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });

  const updateRole = useMutation({
    mutationFn: adminApi.updateRole,
    onSuccess: () => (toast.success(messages.admin.roleUpdated), refresh()),
    onError: () => toast.error(messages.admin.roleUpdateFailed),
  });
  const updateStatus = useMutation({
    mutationFn: adminApi.updateStatus,
    onSuccess: () => (toast.success(messages.admin.statusUpdated), refresh()),
    onError: (error) =>
      toast.error(error.message === messages.admin.cannotChangeOwnStatus ? error.message : messages.admin.statusUpdateFailed),
  });

  function toggleStatus(user: TAdminUser) {
    if (user.id === me.id) return toast.error(messages.admin.cannotChangeOwnStatus);
    updateStatus.mutate({ userId: user.id, newStatus: user.status === 'active' ? 'disabled' : 'active' });
  }

  const rows = users.data ? filterUsers(users.data, search, filter) : [];
  return (
    <div>
      <div className="toolbar">
        <label>
          <span className="visually-hidden">{text.search}</span>
          <input type="search" className="users-search" placeholder={text.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          <span className="visually-hidden">{text.filter}</span>
          <select value={filter} onChange={(e) => setFilter(e.target.value as UserFilter)}>
            <option value="all">{text.filterAll}</option>
            <option value="active">{text.filterActive}</option>
            <option value="disabled">{text.filterDisabled}</option>
          </select>
        </label>
      </div>
      {users.isError && (
        <p role="alert" className="error-text">
          {text.errorLoading(users.error.message)}
        </p>
      )}
      <table className="table">
        <thead>
          <tr>
            {text.columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.isPending &&
            Array.from({ length: ADMIN_USERS_SKELETON_ROWS }, (_, index) => (
              <tr key={index} data-testid="user-skeleton">
                <td colSpan={7}>
                  <div className="skeleton skeleton-line" />
                </td>
              </tr>
            ))}
          {users.data && rows.length === 0 && (
            <tr>
              <td colSpan={7}>{text.noUsers}</td>
            </tr>
          )}
          {rows.map((user) => (
            <tr key={user.id}>
              <td>{user.displayName}</td>
              <td>{user.email}</td>
              <td>
                <select
                  aria-label={text.roleFor(user.displayName)}
                  value={user.role}
                  onChange={(e) => updateRole.mutate({ userId: user.id, newRole: e.target.value as TAdminUser['role'] })}
                >
                  <option value="user">user</option>
                  <option value="admin">admin</option>
                </select>
              </td>
              <td>
                <span className={`badge ${user.status}`}>{user.status}</span>
              </td>
              <td>{user.tripCount}</td>
              <td>{user.createdAt ? dateFormat.format(user.createdAt) : text.notAvailable}</td>
              <td>
                <button
                  type="button"
                  className="button small"
                  onClick={() => toggleStatus(user)}
                  disabled={user.id === me.id}
                  aria-describedby={user.id === me.id ? ownStatusHintId : undefined}
                >
                  {user.status === 'active' ? text.disable : text.enable}
                  <span className="visually-hidden"> {user.displayName}</span>
                </button>
                {user.id === me.id && (
                  <span id={ownStatusHintId} className="muted small own-status-hint">
                    {messages.admin.cannotChangeOwnStatus}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
