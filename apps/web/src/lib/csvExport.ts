// The group CSV export's address (issue #32): its header line is in the reader's language unless
// Splitwise's English headers are asked for (`headers=splitwise`), which Splitwise needs to
// import the file. Evenly's own import reads either.

/** The path of the CSV export under /api/groups/{id}/. */
export function csvExportPath(splitwiseHeaders: boolean): string {
  return splitwiseHeaders ? 'export.csv?headers=splitwise' : 'export.csv';
}
