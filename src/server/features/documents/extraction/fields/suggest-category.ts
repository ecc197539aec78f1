/** Expense categories with the words that point at them (en, de, fr, nl). */
const categoryRules: { category: string; pattern: RegExp }[] = [
  {
    category: 'Software & Cloud',
    pattern:
      /\b(?:software|saas|subscription|licen[cs]e|cloud|hosting|server|aws|compute|storage|domain|api|abonnement\s+logiciel|lizenz)\w*/giu,
  },
  {
    category: 'Telecom & Internet',
    pattern:
      /\b(?:telecom|internet|fib(?:er|re)|broadband|mobile|phone\s+plan|forfait|t[ée]l[ée]phon\w*|mobilfunk|dsl|freebox|communications?)\b/giu,
  },
  {
    category: 'Utilities',
    pattern:
      /\b(?:electricity|power|gas|water|utility|utilities|strom|wasser|[ée]lectricit[ée]|eau|energie|energy)\b/giu,
  },
  {
    category: 'Fuel & Travel',
    pattern:
      /\b(?:fuel|petrol|diesel|gasoline|benzin|kraftstoff|carburant|taxi|uber|train|flight|airline|hotel|travel|fahrt\w*|reise\w*|voyage|parking|toll|fahrkarte|ticket|öpnv|verkehr\w*|kilometer)\b/giu,
  },
  {
    category: 'Meals & Entertainment',
    pattern:
      /\b(?:restaurant|caf[ée]|coffee|meal|food|lunch|dinner|breakfast|bar|catering|bistro|kitchen|sushi|pizza|burger|meat|vege\w*|drink|beverage|bakery|b[äa]ckerei|repas)\b/giu,
  },
  {
    category: 'Groceries',
    pattern:
      /\b(?:grocer\w*|supermarket|fruit|vegetable|milk|yog\w*|banana|tomato|pineapple|papaya)\b/giu,
  },
  {
    category: 'Office Supplies',
    pattern:
      /\b(?:stationery|paper|pen|pens|ink|toner|printer|folder|book|books|notebook|stapler|tape|office\s+supplies|b[üu]robedarf|papeterie|fournitures|copy|photocopy|laminate|kantoorartikelen)\b/giu,
  },
  {
    category: 'Hardware & Equipment',
    pattern:
      /\b(?:hardware|laptop|computer|macbook|monitor|mouse|keyboard|electrical|cable|tool|tools|drill|welding|memory\s+card|sd\s*card|usb|equipment|ger[äa]t|mat[ée]riel|machine|key\s+maker|locksmith)\b/giu,
  },
  {
    category: 'Insurance',
    pattern:
      /\b(?:insurance|insurer|versicherung\w*|assurance|verzekering|premium|beitrag|haftpflicht\w*|police)\b/giu,
  },
  {
    category: 'Professional Services',
    pattern:
      /\b(?:consulting|consultancy|legal|lawyer|attorney|accounting|audit|design|beratung|honorar|conseil|avocat|expert|advies|dienstleistung|gestaltung|annonce\s+l[ée]gale|publication)\b/giu,
  },
  {
    category: 'Advertising & Marketing',
    pattern:
      /\b(?:advertising|marketing|ads|campaign|werbung|publicit[ée]|annonce|reclame|promotion)\b/giu,
  },
  {
    category: 'Shipping & Postage',
    pattern:
      /\b(?:shipping|postage|courier|freight|delivery\s+fee|versand|porto|fracht|exp[ée]dition|affranchissement|verzending)\b/giu,
  },
  {
    category: 'Rent & Facilities',
    pattern: /\b(?:rent|lease|miete|loyer|huur|cleaning|reinigung|nettoyage)\b/giu,
  },
];

/** The category whose words occur most often in the document, or null when none do. */
export function suggestCategory(text: string): { category: string | null; confidence: number } {
  let best: string | null = null;
  let bestCount = 0;
  for (const rule of categoryRules) {
    const count = text.match(rule.pattern)?.length ?? 0;
    if (count > bestCount) {
      best = rule.category;
      bestCount = count;
    }
  }
  return { category: best, confidence: best ? Math.min(0.8, 0.3 + bestCount * 0.1) : 0 };
}
