/* What other features may use of invoices; the rest of this folder is its own. */
export { EditInvoiceDialog } from './edit-invoice-dialog';
