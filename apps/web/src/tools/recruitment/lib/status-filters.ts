import type { StatusFilter } from '@guildhall/contracts/recruitment';

/** 000 §2 Applications tab: the filter buttons, in this order. */
export const STATUS_FILTERS_ORDER: StatusFilter[] = ['All', 'Pending', 'Accepted', 'Declined'];
