import toast from 'react-hot-toast';
import { MESSAGES } from '../shared/messages.ts';

/** SPEC §8 default texts; the <Toaster> in src/app/app.tsx places them top centre for 4 s. */
export function toastError(message: string = MESSAGES.toastError): string {
  return toast.error(message);
}

export function toastSuccess(message: string = MESSAGES.toastSuccess): string {
  return toast.success(message);
}
