import { addDays, format, parseISO } from 'date-fns';
import type { Candidate, FieldPreference } from './candidate';
import { pickBest, scoreToConfidence } from './candidate';
import { type DocumentText, lineDates } from './document-text';
import { dueDateLabels, invoiceNumberLabels, issueDateLabels, otherDateLabels } from './labels';
import { findLabelMatches, horizontalOverlap, spanBox, type LabelMatch } from './line-spans';

const dateRoles = [
  { role: 'issue', rules: [{ pattern: issueDateLabels, weight: 3 }] },
  { role: 'due', rules: [{ pattern: dueDateLabels, weight: 3 }] },
  { role: 'other', rules: [{ pattern: otherDateLabels, weight: 0 }] },
  { role: 'number', rules: invoiceNumberLabels.slice(0, 1) },
];

export interface ChosenDates {
  issue: Candidate<string> | null;
  /** Every date considered for the issue date, best first. */
  issueCandidates: Candidate<string>[];
  due: Candidate<string> | null;
  issueConfidence: number;
  dueConfidence: number;
}

function closestLabelBefore(labels: LabelMatch[], position: number): LabelMatch | null {
  return labels.filter((label) => label.end <= position).at(-1) ?? null;
}

// "Net 30", "zahlbar innerhalb von 14 Tagen", "à 30 jours": a due date counted from the issue date.
const paymentTermPattern =
  /\b(?:net|within|innerhalb(?:\s+von)?|binnen|sous|[àa])\s*(\d{1,3})\s*(?:days?|tagen?|jours?|dagen)?\b/iu;

// A time of day printed beside a date: "14:22", "08:34:22", "2.05 PM" (with a dot only before
// AM/PM: "12.50" alone is an amount).
const timePattern =
  /(?<!\d)(?:[01]?\d|2[0-3])\s?(?::\s?[0-5]\d(?!\d)|\.\s?[0-5]\d\s?[AaPp]\.?[Mm]\b)/u;

export function findDateFields(
  document: DocumentText,
  preference: FieldPreference | null,
): ChosenDates {
  const issue: Candidate<string>[] = [];
  const due: Candidate<string>[] = [];
  const lines = document.lines;
  let termDays: number | null = null;
  lines.forEach((line, index) => {
    const term = paymentTermPattern.exec(line.text);
    if (
      term &&
      /\b(?:net|days?|tage|tagen|jours|dagen|zahlbar|payable|paiement)\b/iu.test(line.text)
    ) {
      termDays ??= Number(term[1]);
    }
    const dates = lineDates(document, line);
    if (dates.length === 0) return;
    const labels = findLabelMatches(line.text, dateRoles);
    for (const date of dates) {
      const box = spanBox(line, date.start, date.end);
      let label = closestLabelBefore(labels, date.start);
      if (!label) {
        // A date under a column heading ("Invoice date" above, the date below).
        for (const above of [lines[index - 1], lines[index - 2]]) {
          if (!above || above.page !== line.page) continue;
          const heading = findLabelMatches(above.text, dateRoles).find(
            (match) => horizontalOverlap(spanBox(above, match.start, match.end), box) > 0.3,
          );
          if (heading) {
            label = heading;
            break;
          }
        }
      }
      const position = 1 - Math.min(1, index / Math.max(1, lines.length));
      const certainty = date.certain ? 0 : -0.3;
      // A receipt prints when it was issued with the time of day; an expiry or a period has none.
      const rest = `${line.text.slice(0, date.start)} ${line.text.slice(date.end)}`;
      const timed = timePattern.test(rest) ? 0.5 : 0;
      const base = { value: date.iso, box, label: label?.text ?? null };
      if (label?.role === 'due') due.push({ ...base, score: 3 + certainty });
      else if (label?.role === 'issue') {
        const generic = /^date$/iu.test(label.text.trim());
        issue.push({ ...base, score: (generic ? 2.5 : 3.5) + certainty + position * 0.3 });
      } else if (label?.role === 'number')
        issue.push({ ...base, score: 2.5 + certainty + position * 0.3 });
      else if (label?.role === 'other') issue.push({ ...base, score: 0.3 + certainty });
      else issue.push({ ...base, score: 1 + certainty + timed + position * 0.5 });
    }
  });
  const chosenIssue = pickBest(issue, preference);
  let chosenDue =
    pickBest(due.filter((candidate) => !chosenIssue || candidate.value >= chosenIssue.value)) ??
    pickBest(due);
  let dueConfidence = chosenDue ? scoreToConfidence(chosenDue.score, 3) : 0;
  if (!chosenDue && chosenIssue && termDays !== null && termDays > 0) {
    const value = format(addDays(parseISO(chosenIssue.value), termDays), 'yyyy-MM-dd');
    chosenDue = { value, score: 1, box: chosenIssue.box, label: null };
    dueConfidence = 0.5;
  }
  // An issue date that several lines agree on (header and footer) is surer.
  const agreeing = chosenIssue
    ? issue.filter((candidate) => candidate.value === chosenIssue.value).length
    : 0;
  const issueConfidence = chosenIssue
    ? scoreToConfidence(chosenIssue.score + Math.min(1, (agreeing - 1) * 0.5), 3.5)
    : 0;
  const issueCandidates = [...issue].sort((a, b) => b.score - a.score);
  return { issue: chosenIssue, issueCandidates, due: chosenDue, issueConfidence, dueConfidence };
}
