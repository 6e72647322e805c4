import { useEffect, useId, useRef, useState } from 'react';

/**
 * The state of a list item changed or removed in place (a passkey, a note; InPlaceConfirm asks the question):
 * which mode it is in, the failure of the last try, the heading that names it, focus moved to Cancel when the
 * question (`confirmMode`) opens, and `back`, which returns to the view and focuses the item's first action.
 */
export function useInPlaceItem<Mode extends string>(confirmMode: Mode) {
  const [mode, setMode] = useState<'view' | Mode>('view');
  const [failure, setFailure] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const firstActionRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (mode === confirmMode) cancelRef.current?.focus();
  }, [mode, confirmMode]);

  const back = () => {
    setMode('view');
    setFailure(null);
    requestAnimationFrame(() => firstActionRef.current?.focus());
  };

  return { mode, setMode, failure, setFailure, cancelRef, firstActionRef, headingId, back };
}
