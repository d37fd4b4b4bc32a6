// The messages of the series rules (issue #11).
export const SERIES_MESSAGES = {
  notFound: 'Series not found.',
  noAccess: 'You do not have access to this series.',
  notInSeries: 'This expense is not part of a recurring series.',
  ended: 'This series has ended.',
  notUpcoming: 'That date is not an upcoming occurrence of this series.',
  skipDate: 'Please enter a valid date (YYYY-MM-DD).',
} as const;
