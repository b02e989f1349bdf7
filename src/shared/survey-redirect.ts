export interface SurveyRedirectInput {
  /** Value of the `survey` cookie. */
  surveyCookie: string | undefined;
  /** createdAt (YYYY-MM-DD) of the user's survey entries, in any order. */
  entryDates: string[];
  /** Config surveyStartDate (YYYY-MM-DD). */
  surveyStartDate: string | undefined;
}

/**
 * docs/behaviour.md §4: a user is sent to /survey unless the survey cookie says skip, or the first survey
 * entry was created on or after surveyStartDate.
 */
export function needsSurvey({ surveyCookie, entryDates, surveyStartDate }: SurveyRedirectInput): boolean {
  if (surveyCookie === 'skip') return false;
  const first = [...entryDates].sort()[0];
  if (first !== undefined && (surveyStartDate === undefined || first >= surveyStartDate)) return false;
  return true;
}
