// External video guides (landing install popover and the help page).
export const INSTALL_GUIDE_ANDROID =
  'https://www.youtube.com/results?search_query=install+progressive+web+app+android+chrome';
export const INSTALL_GUIDE_IOS =
  'https://www.youtube.com/results?search_query=add+web+app+to+home+screen+iphone+safari';
export const RECEIPT_SCAN_GUIDE =
  'https://www.youtube.com/results?search_query=scan+receipt+split+expense+app';

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}
