import type { EinvoiceFileFormat } from '../../../shared/contracts/einvoicing';

/** Specification identifiers (BT-24) of the formats we write. */
export const EN16931_SPECIFICATION = 'urn:cen.eu:en16931:2017';
export const PEPPOL_BIS_SPECIFICATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_BIS_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
export const XRECHNUNG_SPECIFICATION = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

/** The rule sets a format must satisfy on top of EN 16931 (its CIUS). */
export type EinvoiceCius = 'peppol' | 'xrechnung';

export interface FormatProfile {
  syntax: 'cii' | 'ubl';
  specificationId: string;
  cius: EinvoiceCius[];
}

export const formatProfiles: Record<EinvoiceFileFormat, FormatProfile> = {
  factur_x: { syntax: 'cii', specificationId: EN16931_SPECIFICATION, cius: [] },
  ubl: { syntax: 'ubl', specificationId: PEPPOL_BIS_SPECIFICATION, cius: ['peppol'] },
  // XRechnung in UBL is also sent over Peppol; its UBL file must pass both rule sets.
  xrechnung_ubl: { syntax: 'ubl', specificationId: XRECHNUNG_SPECIFICATION, cius: ['xrechnung'] },
  xrechnung_cii: { syntax: 'cii', specificationId: XRECHNUNG_SPECIFICATION, cius: ['xrechnung'] },
};
