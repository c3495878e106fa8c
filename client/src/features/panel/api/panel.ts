import { useQuery } from '@tanstack/react-query';
import { getPanel, PANEL_KEY } from '../../../lib/panel';

/** The supplier's whole panel; its key and fetcher are lib/panel.ts's, shared with the product list's notice. */
export const usePanel = () => useQuery({ queryKey: PANEL_KEY, queryFn: getPanel });
