// The trip report's download address (issue #33 point 3): GET /api/groups/{id}/report.pdf.

/** The report's address: the dates (empty = open), receipt pictures, the reader's locale. */
export function tripReportPath(
  groupId: number,
  choice: { from: string; to: string; receipts: boolean },
  locale: string,
): string {
  const params = new URLSearchParams();
  if (choice.from !== '') params.set('from', choice.from);
  if (choice.to !== '') params.set('to', choice.to);
  if (choice.receipts) params.set('receipts', 'true');
  params.set('locale', locale);
  return `/groups/${String(groupId)}/report.pdf?${params.toString()}`;
}
