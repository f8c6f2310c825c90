import { UserCogIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_SEARCH_MAX_LENGTH, type AdminUserRow } from '../../../../contracts/admin.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Table,
  TableActionsCell,
  TableActionsHead,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useUsers } from '../api/get-users.ts';
import { UserEditDialog } from './user-edit-dialog.tsx';

/**
 * SPEC section 2 "Admin area", users: the customers, searched on the server by name or email, with
 * their last sign-in ('Aldrig' before the first), one page at a time; each managed in a dialog.
 * `rowActions` adds the actions of other features to each row (the data export and the erasure).
 */
export function UsersTable({ rowActions }: { rowActions?: (user: AdminUserRow) => ReactNode } = {}) {
  const { t } = useTranslation('admin');
  const { page, search, settledSearch, setSearch, setPage } = useListParams();
  const users = useUsers({ search: settledSearch, page });
  // The row's button too: focus goes back to it when the dialog closes.
  const [managing, setManaging] = useState<{ user: AdminUserRow; button: HTMLElement } | null>(null);

  return (
    <div className="grid gap-6">
      <SearchField
        label={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        value={search}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        onChange={setSearch}
        className="max-w-xl"
      />
      <PagedList
        query={users}
        page={page}
        onPageChange={setPage}
        loadErrorMessage={t('users.loadError')}
        emptyMessage={settledSearch ? t('users.noResults', { search: settledSearch }) : t('users.empty')}
      >
        {(items) => (
          <Table>
            <TableCaption className="sr-only">{t('users.tableCaption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('users.columns.name')}</TableHead>
                <TableHead scope="col">{t('users.columns.email')}</TableHead>
                <TableHead scope="col">{t('users.columns.lastSignIn')}</TableHead>
                <TableHead scope="col">{t('users.columns.created')}</TableHead>
                <TableActionsHead scope="col">
                  <span className="sr-only">{t('users.columns.actions')}</span>
                </TableActionsHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((user) => (
                <TableRow key={user.id}>
                  <TableCell className="font-medium">{user.fullName}</TableCell>
                  <TableCell className="break-all">{user.email}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {user.lastSignInAt ? (
                      <time dateTime={user.lastSignInAt}>{formatDateTime(user.lastSignInAt)}</time>
                    ) : (
                      <span className="text-muted-foreground">{t('users.never')}</span>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                  </TableCell>
                  <TableActionsCell className="whitespace-nowrap">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('users.manageUser', { name: user.fullName })}
                      onClick={(event) => setManaging({ user, button: event.currentTarget })}
                    >
                      <UserCogIcon aria-hidden />
                      {t('users.manage')}
                    </Button>
                    {rowActions?.(user)}
                  </TableActionsCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
      <UserEditDialog
        user={managing?.user ?? null}
        onClose={() => setManaging(null)}
        onCloseAutoFocus={() => managing?.button.focus()}
      />
    </div>
  );
}
