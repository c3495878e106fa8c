import { Toaster as SonnerToaster, toast } from 'sonner';
import { TOAST_DURATION_MS } from '../../../common/constants';

/** The app's toasts: 5 seconds, top centre (SPEC §1). Use `toast.success` / `toast.error`. */
export function Toaster() {
  return <SonnerToaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />;
}

export { toast };
