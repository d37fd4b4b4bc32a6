import { useContext, useEffect, useState } from 'react';
import { ToastRegionContext } from './toastRegion';

/**
 * Where a layout shows toasts: an element in its flow, not floating over the page, so a toast
 * takes room of its own and pushes what follows instead of covering a title or a control. Empty
 * (no height) while there is no toast. `priority`: a layout's own region wins over an outer one.
 */
export function ToastRegion({
  priority = 0,
  className,
}: {
  priority?: number;
  className?: string;
}) {
  const register = useContext(ToastRegionContext);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (element === null || register === null) return undefined;
    return register(element, priority);
  }, [element, register, priority]);
  return <div ref={setElement} className={className} data-toast-region="" />;
}
