import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGE_PARAM } from '../lib/constants';

/**
 * The message open in the reading pane, kept in the URL. Opening one from the list adds a
 * history entry, so Back (a phone's too) closes it; moving to the next message replaces it.
 */
export function useOpenMessage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const openId = searchParams.get(MESSAGE_PARAM);
  const pushed = useRef(false);
  useEffect(() => {
    if (!openId) pushed.current = false;
  }, [openId]);

  const open = (id: string) => {
    const replace = openId !== null;
    if (!replace) pushed.current = true;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set(MESSAGE_PARAM, id);
        return next;
      },
      { replace },
    );
  };

  const close = () => {
    if (!openId) return;
    if (pushed.current) {
      pushed.current = false;
      void navigate(-1);
      return;
    }
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(MESSAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  return { openId, open, close };
}
