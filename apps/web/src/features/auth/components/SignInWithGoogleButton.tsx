import { buttonClasses, cx, Spinner } from '../../../shared/ui';
import { GoogleMark } from './GoogleMark';

interface Props {
  onClick: () => void;
  pending?: boolean;
  label?: string;
  className?: string;
  size?: 'md' | 'lg';
}

/** Google's sign-in button shape: white, outlined, the G mark, "Sign in with Google". */
export function SignInWithGoogleButton({ onClick, pending = false, label = 'Sign in with Google', className, size = 'lg' }: Props) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-busy={pending || undefined}
      className={cx(buttonClasses('secondary', size), 'bg-white text-slate-900 hover:bg-slate-50 dark:border-line-strong', className)}
    >
      {pending ? <Spinner size={18} decorative className="text-slate-700" /> : <GoogleMark />}
      {label}
    </button>
  );
}
