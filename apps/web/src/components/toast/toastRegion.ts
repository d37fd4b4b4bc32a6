import { createContext } from 'react';

/**
 * Places that hold the toasts inside a layout's flow (see ToastRegion). A region registers its
 * element with a priority and gets back its unregister function; toasts show in the region of
 * highest priority (the latest among equals).
 */
export type RegisterToastRegion = (element: HTMLElement, priority: number) => () => void;

export const ToastRegionContext = createContext<RegisterToastRegion | null>(null);
