export * from './organizations';
export * from './users';
export * from './audit';
export * from './payments';
export * from './customers';
export * from './invoices';
export * from './settings';
export * from './team';
