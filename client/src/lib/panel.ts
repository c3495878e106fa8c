import { useQuery } from '@tanstack/react-query';
import type { Onboarding, Panel } from '#common/schemas/panel';
import { api } from './api-client';

// What the supplier's panel (features/panel), its product list's notice (features/proveedor) and the
// saves that change its start (features/empresa) share: one query of GET /api/proveedor/panel/.

/** The panel's query key: read again whenever a screen that uses it opens, and after the company is saved. */
export const PANEL_KEY = ['proveedor', 'panel'] as const;

export const getPanel = () => api<Panel>('/api/proveedor/panel/', { auth: true });

/** What the supplier still has to set up before its offers are compared (the panel's first part). */
export const useOnboarding = () => useQuery({ queryKey: PANEL_KEY, queryFn: getPanel, select: (p): Onboarding => p.onboarding });
