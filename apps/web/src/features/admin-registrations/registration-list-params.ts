import {
  ADMIN_REGISTRATION_PAGE_SIZE_DEFAULT,
  ADMIN_REGISTRATION_SORT_DEFAULT,
  AdminRegistrationsQuerySchema,
  type AdminRegistrationSort,
  type AdminRegistrationSortOrder,
} from '@camp/shared/admin-registrations';
import type { RegistrationFilterValues } from './components/registration-filters';

// Manage Registrations keeps its filters, search, sort and page in the address (the hash route's query string,
// e.g. #/admin/manage-registrations?status=PENDING&q=ann&sort=name&order=asc), so Back, a reload and a shared
// link show the same list. A value the list would refuse (typed or edited by hand) is dropped, not sent.

/** Everything the address holds for the list; '' is "all". */
export interface RegistrationListState extends RegistrationFilterValues {
  /** The search box above the list: part of the name or of the e-mail. */
  q: string;
  sort: AdminRegistrationSort;
  order: AdminRegistrationSortOrder;
  page: number;
  limit: number;
}

const shape = AdminRegistrationsQuerySchema.shape;

/** A parameter's value when the shared schema takes it, else undefined. */
function valid<T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  raw: string | null,
): T | undefined {
  if (raw === null || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The list's state read from the address; anything missing or refused takes its default. */
export function listStateFromParams(params: URLSearchParams): RegistrationListState {
  const year = valid(shape.year, params.get('year'));
  // Text is kept as typed (the server trims it); only text the server would refuse is dropped.
  const text = (key: 'email' | 'name' | 'q', schema: typeof shape.email) => {
    const raw = params.get(key) ?? '';
    return schema.safeParse(raw).success ? raw : '';
  };
  return {
    year: year === undefined ? '' : String(year),
    status: valid(shape.status, params.get('status')) ?? '',
    email: text('email', shape.email),
    name: text('name', shape.name),
    q: text('q', shape.q),
    sort: valid(shape.sort, params.get('sort')) ?? ADMIN_REGISTRATION_SORT_DEFAULT.sort,
    order: valid(shape.order, params.get('order')) ?? ADMIN_REGISTRATION_SORT_DEFAULT.order,
    page: valid(shape.page, params.get('page')) ?? 1,
    limit: valid(shape.limit, params.get('limit')) ?? ADMIN_REGISTRATION_PAGE_SIZE_DEFAULT,
  };
}

/** The address's parameters for a state: only what differs from the default, in a fixed order. */
export function paramsFromListState(state: RegistrationListState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string, fallback = '') => {
    if (value !== fallback) params.set(key, value);
  };
  put('year', state.year);
  put('status', state.status);
  put('email', state.email);
  put('name', state.name);
  put('q', state.q);
  put('sort', state.sort, ADMIN_REGISTRATION_SORT_DEFAULT.sort);
  put('order', state.order, ADMIN_REGISTRATION_SORT_DEFAULT.order);
  put('page', String(state.page), '1');
  put('limit', String(state.limit), String(ADMIN_REGISTRATION_PAGE_SIZE_DEFAULT));
  return params;
}
