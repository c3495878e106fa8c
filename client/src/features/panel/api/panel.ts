import { useQuery } from '@tanstack/react-query';
import type { Onboarding, Panel } from '#common/schemas/panel';
import { api } from '../../../lib/api-client';

/**
 * The supplier's panel. Saving the company, the terms or a product changes its onboarding:
 * those mutations invalidate this key.
 */
export const PANEL_KEY = ['proveedor', 'panel'] as const;

export const getPanel = () => api<Panel>('/api/proveedor/panel/', { auth: true });

export const usePanel = () => useQuery({ queryKey: PANEL_KEY, queryFn: getPanel });

/** What the supplier still has to set up before its offers are compared (the panel's first part). */
export const useOnboarding = () => useQuery({ queryKey: PANEL_KEY, queryFn: getPanel, select: (p): Onboarding => p.onboarding });
