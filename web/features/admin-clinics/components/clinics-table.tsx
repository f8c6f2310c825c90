import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_CLINIC_SORTS, ADMIN_SEARCH_MAX_LENGTH, type AdminClinicRow } from '../../../../contracts/admin.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { SearchField } from '../../../components/search-field.tsx';
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
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useClinics } from '../api/get-clinics.ts';
import { useUpdateClinicVisibility } from '../api/update-clinic-visibility.ts';
import { ApproveClinicDialog } from './approve-clinic-dialog.tsx';
import { type ClinicAction, ClinicActionsMenu, type ClinicMenuAction } from './clinic-actions-menu.tsx';
import { ClinicDocumentsDialog } from './clinic-documents-dialog.tsx';
import { ClinicEditDialog } from './clinic-edit-dialog.tsx';
import { ReinstateClinicDialog } from './reinstate-clinic-dialog.tsx';
import { ApplicationStatusBadge, DeletedBadge, VisibilityBadge } from './status-badges.tsx';
import { SuspendClinicDialog } from './suspend-clinic-dialog.tsx';
import { WithdrawCertificationDialog } from './withdraw-certification-dialog.tsx';

type Sort = (typeof ADMIN_CLINIC_SORTS)[number];
type Order = 'asc' | 'desc';

const sortOf = (value: string | null): Sort => ADMIN_CLINIC_SORTS.find((sort) => sort === value) ?? 'name';

/** The actions that open a dialog; publishing is done at once and messages are the page's to send. */
type OpenDialog = {
  action: Exclude<ClinicAction, 'visibility' | 'message'>;
  clinic: AdminClinicRow;
  menuButton: HTMLElement | null;
};

function SortableHead({
  column,
  sort,
  order,
  onSort,
  children,
}: {
  column: Sort;
  sort: Sort;
  order: Order;
  onSort: (column: Sort) => void;
  children: ReactNode;
}) {
  const active = column === sort;
  const Icon = active ? (order === 'asc' ? ArrowUpIcon : ArrowDownIcon) : ArrowUpDownIcon;
  return (
    <TableHead scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          '-mx-1 inline-flex items-center gap-1.5 rounded-sm px-1 py-1 hover:text-foreground',
          active && 'text-foreground',
        )}
      >
        {children}
        <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden />
      </button>
    </TableHead>
  );
}

/**
 * SPEC section 2 "Admin area", clinics: every clinic, searched on the server (name, city,
 * organisation number, email), sorted by a click on a column's head, one page at a time; the search,
 * order and page live in the address. `onSendMessage` opens the page's message dialog; `menuActions`
 * adds other features' actions to a row's menu (the data export, the erasure).
 */
export function ClinicsTable({
  onSendMessage,
  menuActions,
}: {
  onSendMessage: (clinic: AdminClinicRow, menuButton: HTMLElement | null) => void;
  menuActions?: (clinic: AdminClinicRow) => ClinicMenuAction[];
}) {
  const { t } = useTranslation('admin');
  const { searchParams, page, search, settledSearch, setSearch, update, setPage } = useListParams();
  const sort = sortOf(searchParams.get('sort'));
  const order: Order = searchParams.get('order') === 'desc' ? 'desc' : 'asc';
  const clinics = useClinics({ search: settledSearch, sort, order, page });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const visibility = useUpdateClinicVisibility({
    onSuccess: (review) =>
      toast({
        title: t(review.clinic.isPublic ? 'clinics.toasts.published' : 'clinics.toasts.unpublished', {
          name: review.clinic.fullName,
        }),
        variant: 'success',
      }),
    onError: () =>
      toast({
        title: t('clinics.toasts.visibilityError.title'),
        description: t('clinics.toasts.visibilityError.description'),
        variant: 'destructive',
      }),
  });

  const changeSort = (column: Sort) =>
    update(
      column === sort
        ? { order: order === 'asc' ? 'desc' : null }
        : { sort: column === 'name' ? null : column, order: null },
    );

  const act = (clinic: AdminClinicRow, action: ClinicAction, menuButton: HTMLElement | null) => {
    if (action === 'visibility') visibility.mutate({ clinicId: clinic.id, isPublic: !clinic.isPublic });
    else if (action === 'message') onSendMessage(clinic, menuButton);
    else setDialog({ action, clinic, menuButton });
  };
  const dialogProps = (open: OpenDialog) => ({
    clinic: open.clinic,
    open: true,
    onOpenChange: (stillOpen: boolean) => {
      if (!stillOpen) setDialog(null);
    },
    onCloseAutoFocus: () => open.menuButton?.focus(),
  });

  return (
    <div className="grid gap-6">
      <SearchField
        label={t('clinics.searchLabel')}
        placeholder={t('clinics.searchPlaceholder')}
        value={search}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        onChange={setSearch}
        className="max-w-xl"
      />
      <PagedList
        query={clinics}
        page={page}
        onPageChange={setPage}
        loadErrorMessage={t('clinics.loadError')}
        emptyMessage={settledSearch ? t('clinics.noResults', { search: settledSearch }) : t('clinics.empty')}
        rowClassName="h-16"
      >
        {(items) => (
          <Table>
            <TableCaption className="sr-only">{t('clinics.tableCaption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <SortableHead column="name" sort={sort} order={order} onSort={changeSort}>
                  {t('clinics.columns.clinic')}
                </SortableHead>
                <SortableHead column="status" sort={sort} order={order} onSort={changeSort}>
                  {t('clinics.columns.status')}
                </SortableHead>
                <TableHead scope="col">{t('clinics.columns.visibility')}</TableHead>
                <SortableHead column="created" sort={sort} order={order} onSort={changeSort}>
                  {t('clinics.columns.created')}
                </SortableHead>
                <TableActionsHead scope="col">
                  <span className="sr-only">{t('clinics.columns.actions')}</span>
                </TableActionsHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((clinic) => (
                <TableRow key={clinic.id}>
                  <TableCell className="max-w-md">
                    <p className="font-medium">{clinic.fullName}</p>
                    <p className="text-xs text-muted-foreground">
                      {[clinic.city, clinic.orgNumber, clinic.email].filter(Boolean).join(' · ')}
                    </p>
                    <p className="font-mono text-xs break-all text-muted-foreground">
                      <span className="sr-only">{t('clinics.id')} </span>
                      {clinic.id}
                    </p>
                  </TableCell>
                  <TableCell>
                    {clinic.deletedAt ? (
                      <DeletedBadge />
                    ) : (
                      <ApplicationStatusBadge status={clinic.applicationStatus} phase={clinic.phase} />
                    )}
                  </TableCell>
                  <TableCell>
                    <VisibilityBadge isPublic={clinic.isPublic} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={clinic.createdAt}>{formatDate(clinic.createdAt)}</time>
                  </TableCell>
                  <TableActionsCell>
                    <ClinicActionsMenu
                      clinic={clinic}
                      onAction={(action, menuButton) => act(clinic, action, menuButton)}
                      extraActions={menuActions?.(clinic)}
                    />
                  </TableActionsCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </PagedList>
      {dialog?.action === 'approve' ? <ApproveClinicDialog {...dialogProps(dialog)} /> : null}
      {dialog?.action === 'edit' ? <ClinicEditDialog {...dialogProps(dialog)} /> : null}
      {dialog?.action === 'documents' ? <ClinicDocumentsDialog {...dialogProps(dialog)} /> : null}
      {dialog?.action === 'suspend' ? <SuspendClinicDialog {...dialogProps(dialog)} /> : null}
      {dialog?.action === 'reinstate' ? <ReinstateClinicDialog {...dialogProps(dialog)} /> : null}
      {dialog?.action === 'withdraw' ? <WithdrawCertificationDialog {...dialogProps(dialog)} /> : null}
    </div>
  );
}
