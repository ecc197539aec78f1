import type { TextLine, Word } from '../text-line';
import { scoreToConfidence } from './candidate';
import { findTaxId } from './find-tax-id';
import { onlyBusinessWords } from './business-words';
import type { DocumentText } from './document-text';
import { isInLegalBlock } from './legal-entity';
import {
  averageConfidence,
  joinSpacedLetters,
  joinedLineText,
  leadingCellText,
  letterShare,
  lineCells,
  trimUnsure,
} from './name-cells';
import { finishedName } from './finish-vendor-name';
import { isOwnerName, mergeSignals, type NameCandidate, type NameSignals } from './name-candidate';
import { horizontalOverlap } from './line-spans';
import { rank, type RankerWeights } from '../model/ranker';
import { vendorFeatures } from '../model/vendor-features';
import { sameBusiness } from './same-business';
import { repairOcrName } from './ocr-vendor-name';
import { findMarketplace, letterheadName } from './trading-name';
import {
  addressPattern,
  buyerLabelPattern,
  cleanName,
  documentTitleWords,
  isLegalFormOnly,
  matchLegalForm,
  nameKey,
  notNamePattern,
  registrationLinePattern,
  sellerLabelPattern,
} from './vendor-rules';

export interface VendorChoice {
  name: string | null;
  confidence: number;
  taxId: string | null;
  email: string | null;
  /**
   * The issuer's name as read, before a marketplace or letterhead name took its place (for
   * learning: a correction remembers every name the vendor's documents were read under).
   */
  issuerRead?: string | null;
}

/**
 * Indexes of lines in the customer's address block: the label line and the lines under it in the
 * same column, up to five, ending at a blank gap.
 */
function buyerLines(lines: readonly TextLine[]): Set<number> {
  const marked = new Set<number>();
  lines.forEach((line, index) => {
    if (!buyerLabelPattern.test(line.text)) return;
    marked.add(index);
    const labelWord = line.words.find((word) => buyerLabelPattern.test(word.text)) ?? line;
    const column = { ...labelWord, width: Math.max(labelWord.width, 0.25) };
    let previous = line;
    let taken = 0;
    for (let next = index + 1; next < lines.length && taken < 5; next += 1) {
      const candidate = lines[next];
      if (!candidate || candidate.page !== line.page) break;
      if (!candidate.words.some((word) => horizontalOverlap(column, word) > 0.5)) continue;
      if (candidate.y - (previous.y + previous.height) > previous.height * 2.5) break;
      marked.add(next);
      previous = candidate;
      taken += 1;
    }
  });
  return marked;
}

/**
 * The name ending in a legal form ("Coolblue B.V. Weena 664" -> "Coolblue B.V."): the run of
 * capitalised words (and connectors such as "&") just before it, so a sentence ("Thank you for
 * choosing Initech LLC") gives only the name.
 */
function nameWithLegalForm(text: string): string | null {
  const match = matchLegalForm(text);
  if (!match) return null;
  const words = cleanName(text.slice(0, match.index)).split(' ').filter(Boolean);
  const kept: string[] = [];
  for (let index = words.length - 1; index >= 0 && kept.length < 6; index -= 1) {
    const word = words[index] ?? '';
    // Capitalised words, and names with an inner capital ("eBay", "e-Commerce").
    if (
      !/^[\p{Lu}\d&(]/u.test(word) &&
      !/^\p{Ll}{1,2}-?\p{Lu}/u.test(word) &&
      !/^(?:&|and|und|et|de|du|of|van|der|den|la|le)$/u.test(word)
    )
      break;
    kept.unshift(word);
  }
  if (kept.length === 0) return null;
  return cleanName(`${kept.join(' ')} ${match.text}`);
}

/**
 * A heading without the company registration number printed after the name ("99 SPEED MART S/B
 * (519537-X)", "KEDAI MAJU {81109-A}"): the number and anything after it go.
 */
export function withoutRegistration(text: string): string {
  return text.replace(
    /\s*[({[]\s*(?:co\.?\s*(?:no|reg)\.?\s*[:.]?\s*)?[\dSO]?\d{4,}[\s-]*[\p{Lu}\d]?\s*[)}\]].*$/iu,
    '',
  );
}

/** A shop name may start with a number ("99 SPEED MART"); only a street number rules a line out. */
function withoutShopNumber(text: string): string {
  return text.replace(/^\d{1,3}\s+(?=\p{Lu}{2,}\s+\p{Lu}{2,})/u, '');
}

// The heading block: the top of page one.
const headingDepth = 0.4;
// What a legal name beside the issuer's registration or tax id gains over a heading.
const legalBonus = 1.5;

// A business name registered without a company form, as Malaysian sole traders print it.
const businessNamePattern = /\b(?:enterprises?|trading)$/iu;

// A company or business registration number alone on its line, bracketed or not ("002345678-X",
// "(JM0123456-T)").
const companyNumberPattern = /^\s*[({[]?\s*\p{Lu}{0,3}\d{5,}\s*-\s*[\p{Lu}\d]\s*[)}\]]?\s*$/u;

// A label of one or two words, a colon and a value: a field line of a receipt's header.
const fieldLinePattern = /^\s*\p{L}[\p{L}.#/]*(?:\s+\p{L}[\p{L}.#/]*)?\s*:\s*\S/u;

// The printed line over its parts, when both look like names.
const wholeLineBonus = 0.5;

// A line of a street address: street words, a five-digit postcode, or a street or lot number first.
const addressLinePattern =
  /\b\d{5}\b|^\s*(?:no\.?|lot|unit|blk|block)\s*:?\s*\d|^\s*\d{1,4}[A-Z]?\s*[,-]\s*\p{L}/iu;
const isAddressLine = (text: string): boolean =>
  matchLegalForm(text) === null && (addressPattern.test(text) || addressLinePattern.test(text));

/**
 * A line inside the address block: the lines around it, past specks, are address lines
 * ("SETAPAK," between "NO 2, JALAN AIR" and "53200 KUALA LUMPUR" is the town, not a name).
 */
function isInsideAddress(lines: readonly TextLine[], index: number): boolean {
  const nearest = (step: number): TextLine | undefined => {
    for (let other = index + step; other >= 0 && other < lines.length; other += step) {
      const line = lines[other];
      if (line && /\p{L}{2}|\d{3}/u.test(line.text)) return line;
    }
    return undefined;
  };
  const above = nearest(-1);
  const below = nearest(1);
  return (
    above !== undefined &&
    below !== undefined &&
    isAddressLine(above.text) &&
    isAddressLine(below.text)
  );
}

const isCapitalised = (word: Word): boolean =>
  /^(?:[\p{Lu}\d][\p{L}\d'.-]*|&)$/u.test(word.text.trim());

/** Business-name candidates, best first (exported for inspection in tests and tools). */
export function rankVendorCandidates(document: DocumentText): NameCandidate[] {
  const lines = document.lines;
  const buyers = buyerLines(lines);
  const candidates: NameCandidate[] = [];
  const firstPage = lines.filter((line) => line.page === 1);
  // The vendor's header comes before the document title ("TAX INVOICE"); the customer after it.
  const isTitle = (line: TextLine): boolean =>
    cleanName(line.text) === '' && documentTitleWords.test(line.text);
  const titleIndex = lines.findIndex((line) => line.page === 1 && isTitle(line));
  const add = (
    name: string,
    score: number,
    lineIndex: number,
    legal: boolean,
    signals: NameSignals,
  ): void => {
    const clean = cleanName(name);
    const afterTitle =
      titleIndex >= 0 &&
      lineIndex > titleIndex &&
      lines[lineIndex]?.page === 1 &&
      (lines[lineIndex]?.y ?? 1) < 0.5;
    if (afterTitle) score -= 0.75;
    if (
      clean.length < 2 ||
      letterShare(clean) < 0.6 ||
      !/\p{L}{2}/u.test(clean) ||
      isLegalFormOnly(clean)
    )
      return;
    const buyer = buyers.has(lineIndex);
    candidates.push({
      name: clean,
      score: buyer ? score - 4 : score,
      lineIndex,
      legal: legal && !buyer,
      signals: {
        ...signals,
        ...(legal && !buyer ? { legalBlock: 1 } : {}),
        ...(afterTitle ? { afterTitle: 1 } : {}),
        ...(buyer ? { buyer: 1 } : {}),
        ...(isOwnerName(lines, lineIndex, clean) ? { owner: 1 } : {}),
      },
      printings: 1,
      domain: false,
      mentions: 0,
    });
  };

  lines.forEach((line, index) => {
    const seller = sellerLabelPattern.exec(line.text);
    if (seller)
      add(line.text.slice(seller.index + seller[0].length), 3.5, index, false, { seller: 1 });
    const spelled = joinedLineText(line);
    const withForm = nameWithLegalForm(
      document.source === 'ocr' ? repairOcrName(spelled) : spelled,
    );
    const top = line.page === 1 && line.y < 0.25;
    // A legal name next to the issuer's registration or tax id is the legal seller.
    const legal = withForm !== null && isInLegalBlock(lines, index);
    if (withForm)
      add(withForm, 2.5 + (top ? 1 : 0) + (legal ? legalBonus : 0), index, legal, { legalForm: 1 });
    else if (top) {
      // A registered business name ("... ENTERPRISE") at the top is the issuer's legal name, as
      // one with a company form would be: sole traders register without a form.
      const registeredName = cleanName(withoutRegistration(leadingCellText(line)));
      const blockName = isInLegalBlock(lines, index);
      if (
        businessNamePattern.test(registeredName) &&
        !notNamePattern.test(withoutShopNumber(registeredName)) &&
        !addressPattern.test(registeredName)
      )
        add(registeredName, 3.5 + (blockName ? legalBonus : 0), index, blockName, {
          registered: 1,
        });
    }
    const labelled = registrationLinePattern.test(line.text);
    if ((labelled || companyNumberPattern.test(line.text)) && index > 0) {
      // The line above, past specks read as lines ("'", ":").
      let aboveIndex = index - 1;
      while (aboveIndex > 0 && !/\p{L}{2}/u.test(lines[aboveIndex]?.text ?? '')) aboveIndex -= 1;
      const above = lines[aboveIndex];
      if (above && !notNamePattern.test(above.text) && above.text.length <= 40) {
        // A registered business name ("... ENTERPRISE", "... TRADING") over its registration
        // number is the issuer's legal identity, as a company form would be.
        const registered = businessNamePattern.test(above.text.trim());
        // A bare company number ("(12345-X)") is printed under the issuer's own name, as
        // Malaysian shops print their registration: that line is the issuer, without what a
        // wide gap or a logo's doubted letters add to it.
        const issuer = registered || !labelled;
        add(
          labelled ? above.text : leadingCellText(above),
          2.5 + (issuer ? legalBonus : 0),
          aboveIndex,
          issuer,
          labelled ? { overRegistration: 1 } : { overCompanyNumber: 1 },
        );
      }
    }
  });

  // The heading block: the first name-like lines of page one, bigger type preferred. Each
  // cell of a line is its own candidate (a logo's letters may share the line with the name).
  let taken = 0;
  for (const line of firstPage) {
    if (taken >= 4 || line.y > headingDepth) break;
    const index = lines.indexOf(line);
    let added = false;
    // "TAX INVOICE" printed above the name is the document's title; a word of it ("TAX") is no name.
    if (isTitle(line)) continue;
    // "CASHIER : HASSAN", "TABLE: 7": a field and its value, not a heading.
    if (fieldLinePattern.test(line.text)) continue;
    if (matchLegalForm(line.text) === null && isInsideAddress(lines, index)) continue;
    // Letter-spaced words joined across the line first: a short one ("H U P") is known as a
    // spaced word by the longer ones beside it, in whichever cell they fall.
    const spacedJoined = { ...line, words: joinSpacedLetters(line.words) };
    const cells = lineCells(spacedJoined).map((cell) => trimUnsure(cell));
    // When one cell holds a company name with its legal form, the other cells are something else.
    const named = cells.filter(
      (cell) => matchLegalForm(cell.map((word) => word.text).join(' ')) !== null,
    );
    const groups = (named.length > 0 ? named : cells).map((words) => ({ words, whole: false }));
    // A heading of capitalised words split only by wide letter spacing (or a misread word box) is
    // one name: the whole line is a candidate too, ahead of its parts.
    const wholeLine = trimUnsure(joinSpacedLetters(line.words));
    const widest = Math.max(...cells.map((cell) => cell.length));
    if (
      named.length === 0 &&
      cells.length > 1 &&
      wholeLine.length > widest &&
      wholeLine.every(isCapitalised)
    )
      groups.push({ words: wholeLine, whole: true });
    for (const { words, whole } of groups) {
      if (words.length === 0 || averageConfidence(words) < 0.6) continue;
      const raw = withoutRegistration(words.map((word) => word.text.trim()).join(' '));
      const text = nameWithLegalForm(raw) ?? cleanName(raw);
      if (
        text.length < 3 ||
        letterShare(text) < 0.7 ||
        notNamePattern.test(withoutShopNumber(text))
      )
        continue;
      if (addressPattern.test(raw) && matchLegalForm(raw) === null) continue;
      // Logo letters read as fragments ("amazo n") are not a name, nor is one lower-case word.
      // A single capital beside "&" is an initial of the name ("B & BEST RESTAURANT").
      const fragment = words.some(
        (word, position) =>
          /^\p{L}$/u.test(word.text.trim()) &&
          words[position + 1]?.text.trim() !== '&' &&
          words[position - 1]?.text.trim() !== '&',
      );
      const lowerWord = words.length === 1 && /^\p{Ll}+$/u.test(text);
      // A cell of nothing but business words ("RESTAURANT") is part of a name, not one.
      // A lone short word in mixed case ("Rok") is a logo's letters read as a word.
      const logoWord =
        words.length === 1 && /^\p{L}{1,3}$/u.test(text) && text !== text.toUpperCase();
      const fragmentPenalty =
        fragment || logoWord ? 3 : lowerWord || onlyBusinessWords(text) ? 1.5 : 0;
      let name = text;
      const next = lines[index + 1];
      if (next && isLegalFormOnly(next.text)) name = `${text} ${next.text.trim()}`;
      const heightRatio =
        Math.max(...words.map((word) => word.height)) / Math.max(1e-6, document.typicalHeight);
      add(
        name,
        2 +
          (taken === 0 ? 1 : 0) +
          Math.min(1.5, Math.max(0, heightRatio - 1)) -
          taken * 0.3 -
          fragmentPenalty +
          (whole ? wholeLineBonus : 0),
        index,
        false,
        {
          heading: 1,
          headingRank: taken,
          height: Math.min(1.5, Math.max(0, heightRatio - 1)),
          ...(fragment || logoWord ? { fragment: 1 } : {}),
          ...(lowerWord || onlyBusinessWords(text) ? { weakWords: 1 } : {}),
          ...(whole ? { wholeLine: 1 } : {}),
        },
      );
      added = true;
    }
    if (added) taken += 1;
  }

  // Names printed more than once, or matching the e-mail / web domain, are more likely the vendor.
  const text = lines.map((line) => line.text).join('\n');
  // The registrable part of web and mail domains ("aws.amazon.com" -> "amazon").
  const domains = [
    ...text.matchAll(
      /\b((?:[a-z0-9-]+\.)+)(?:com|net|org|biz|info|io|co|de|fr|nl|be|at|ch|uk|my|in|es|it|eu)\b/giu,
    ),
  ]
    .map((m) => (m[1] ?? '').toLowerCase().split('.').filter(Boolean).at(-1) ?? '')
    .filter((domain) => domain.length >= 3);
  const totals = new Map<string, NameCandidate>();
  for (const candidate of candidates) {
    const key = nameKey(candidate.name);
    if (key.length < 2) continue;
    const existing = totals.get(key);
    if (existing) {
      existing.score += Math.min(1.5, candidate.score * 0.4);
      existing.legal = existing.legal === true || candidate.legal === true;
      existing.printings += 1;
      existing.signals = mergeSignals(existing.signals, candidate.signals);
    } else totals.set(key, { ...candidate });
  }
  for (const [key, candidate] of totals) {
    const firstWord = nameKey(candidate.name.split(' ')[0] ?? '');
    if (
      firstWord.length >= 3 &&
      domains.some((domain) => domain === firstWord || key.startsWith(domain))
    ) {
      candidate.score += 1;
      candidate.domain = true;
    }
    const mentions = lines.filter(
      (line, index) => index !== candidate.lineIndex && nameKey(line.text).includes(key),
    ).length;
    candidate.score += Math.min(1, mentions * 0.5);
    candidate.mentions = mentions;
  }
  return [...totals.values()].sort((a, b) => b.score - a.score);
}

// A legal-block name scores at least 4 (see rankVendorCandidates); below this it was demoted.
const minLegalScore = 3;
// A labelled marketplace ("Ordered through") is as sure as a labelled seller.
const marketplaceConfidence = 0.9;

/** The candidate the vendor's model (model/vendor-model.json) ranks first. */
function chooseByModel(
  document: DocumentText,
  ranked: readonly NameCandidate[],
  model: RankerWeights,
): NameCandidate | null {
  const probabilities = rank(model.weights, vendorFeatures(document, ranked));
  let best = 0;
  probabilities.forEach((probability, index) => {
    if (probability > (probabilities[best] ?? 0)) best = index;
  });
  return ranked[best] ?? null;
}

/**
 * The vendor of a document. With a model, on a document read by OCR, the model chooses among the
 * name candidates (decision 0023); otherwise, and on text PDFs, the hand-written rules below.
 */
export function findVendor(
  document: DocumentText,
  model: RankerWeights | null = null,
): VendorChoice {
  const text = document.lines.map((line) => line.text).join('\n');
  const ranked = rankVendorCandidates(document);
  const byModel =
    model && document.source === 'ocr' ? chooseByModel(document, ranked, model) : null;
  if (byModel) {
    const read = finishedName(document, byModel, text);
    const marketplace = findMarketplace(document.lines);
    return {
      name: marketplace ?? letterheadName(document.lines, read) ?? read,
      // The re-reading thresholds (ocr/reread-photo.ts, pdf/read-pictures.ts) were measured on
      // the rules' score of a name, not on the model's share among the page's candidates: a lone
      // candidate has a probability of 1 however poor it is.
      confidence: marketplace ? marketplaceConfidence : scoreToConfidence(byModel.score, 5),
      taxId: findTaxId(text),
      email: /[\w.+-]+@[\w-]+\.[\w.-]+/u.exec(text)?.[0] ?? null,
      issuerRead: read,
    };
  }
  const top = ranked[0];
  // The issuer's legal identity (a company form beside its registration or tax id) outranks a
  // brand, logo or department name printed bigger: that is who issued the invoice.
  const legal = ranked.find(
    (candidate) => candidate.legal === true && candidate.score >= minLegalScore,
  );
  // A legal name in the header, under a heading that names the same business, is the owner of
  // the shop the heading names: the heading is the name it trades under; so is a heading with a
  // legal form of its own. (A legal name in a footer under a brand's heading goes by the
  // letterhead's spelling instead, see letterheadName.)
  const inHeader = (candidate: NameCandidate): boolean => {
    const line = document.lines[candidate.lineIndex];
    return line !== undefined && line.page === 1 && line.y < headingDepth;
  };
  const issuer =
    top &&
    !top.legal &&
    legal &&
    !((inHeader(legal) || matchLegalForm(top.name) !== null) && sameBusiness(top.name, legal.name))
      ? legal
      : top;
  // A legal name wins over such a heading by its legal bonus only.
  const heading =
    issuer?.legal && inHeader(issuer)
      ? ranked.find(
          (candidate) =>
            !candidate.legal &&
            candidate.lineIndex < issuer.lineIndex &&
            candidate.score >= issuer.score - legalBonus &&
            sameBusiness(candidate.name, issuer.name),
        )
      : undefined;
  const chosen = heading ?? issuer;
  const best = chosen && chosen.score >= 0.5 ? chosen : null;
  const read = best ? finishedName(document, best, text) : null;
  // The business deals with a marketplace, and with an issuer by the name its letterhead shows.
  const marketplace = findMarketplace(document.lines);
  const name = marketplace ?? (read ? (letterheadName(document.lines, read) ?? read) : null);
  return {
    name,
    confidence: marketplace ? marketplaceConfidence : best ? scoreToConfidence(best.score, 5) : 0,
    taxId: findTaxId(text),
    email: /[\w.+-]+@[\w-]+\.[\w.-]+/u.exec(text)?.[0] ?? null,
    issuerRead: read,
  };
}
