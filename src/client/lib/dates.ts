import { format } from 'date-fns';

/** "YYYY-MM-DD" of `date` in the user's own time zone: the value of an `<input type="date">`. */
export function dateInputValue(date: Date = new Date()): string {
  return format(date, 'yyyy-MM-dd');
}
