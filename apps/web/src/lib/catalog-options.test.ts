import { describe, expect, it } from 'vitest';
import { catalogOptionsQuery, customerOptionsQuery, methodOptionsQuery, optionKeys } from './catalog-options';
import { companyKeys } from './company-queries';
import { queryRoots } from './query-keys';

describe('catalog options', () => {
  it('customers live under the company, catalogues under the catalogs root', () => {
    expect(customerOptionsQuery(5).queryKey).toEqual(companyKeys.customerOptions(5));
    expect(methodOptionsQuery(5).queryKey.slice(0, 1)).toEqual([...queryRoots.catalogs]);
    expect(catalogOptionsQuery(5, 8).queryKey).toEqual(optionKeys.catalog(5, 8));
    expect(optionKeys.catalog(5, 8)).toEqual(['catalogs', 'generic', 8, 'options', 5]);
  });

  it('catalogue lists stay quiet on failure, customers do not', () => {
    expect(methodOptionsQuery(1).meta).toEqual({ silent: true });
    expect(catalogOptionsQuery(1, 1).meta).toEqual({ silent: true });
    expect(customerOptionsQuery(1).meta).toBeUndefined();
  });
});
