import { companyRoutes as r } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import {
  createBankRequisite,
  deleteBankRequisite,
  listCompanyBankRequisites,
  updateBankRequisite,
} from './bank-requisites.service.js';
import {
  createCompany,
  deleteCompany,
  getCompany,
  listForActor,
  myCompanies,
  updateCompany,
  usersOf,
} from './companies.service.js';
import {
  createContact,
  deleteContact,
  getActiveContact,
  listCompanyContacts,
  updateContact,
} from './contacts.service.js';
import { createCustomer, deleteCustomer, listCompanyCustomers, updateCustomer } from './customers.service.js';
import { getEisSettings, saveEisSettings } from './eis-settings.service.js';

/**
 * /api/companies and every company-scoped sub-resource. The routes under /api/companies/:id
 * declare `company: 'id'` and their permission in packages/shared: lib/route.ts gates them.
 */
function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;

  addRoute(app, r.list, async ({ actor, query }) => listForActor(deps(), actor, query));
  addRoute(app, r.my, async ({ actor }) => myCompanies(deps(), actor));
  addRoute(app, r.get, async ({ company }) => getCompany(deps(), company.id));
  addRoute(app, r.create, async ({ actor, body }) => createCompany(deps(), actor, body));
  addRoute(app, r.update, async ({ actor, params, body }) => updateCompany(deps(), actor, params.id, body));
  addRoute(app, r.remove, async ({ actor, params }) => {
    await deleteCompany(deps(), actor, params.id);
    return null;
  });
  addRoute(app, r.activeContact, async ({ company }) => getActiveContact(deps(), company.id));
  // the gate has computed them: the caller's permissions in the company of the path
  addRoute(app, r.permissions, async ({ company }) => company.permissions);
  addRoute(app, r.users, async ({ company, query }) => usersOf(deps(), company.id, query));

  addRoute(app, r.eisSettings.get, async ({ company }) => getEisSettings(deps(), company.id));
  addRoute(app, r.eisSettings.update, async ({ actor, params, body }) =>
    saveEisSettings(deps(), actor, params.id, body),
  );

  addRoute(app, r.contacts.list, async ({ company, query }) =>
    listCompanyContacts(deps(), company.id, query),
  );
  addRoute(app, r.contacts.create, async ({ actor, params, body }) =>
    createContact(deps(), actor, params.id, body),
  );
  addRoute(app, r.contacts.update, async ({ actor, params, body }) =>
    updateContact(deps(), actor, params.id, params.item_id, body),
  );
  addRoute(app, r.contacts.remove, async ({ actor, params }) => {
    await deleteContact(deps(), actor, params.id, params.item_id);
    return null;
  });

  addRoute(app, r.bank.list, async ({ company, query }) =>
    listCompanyBankRequisites(deps(), company.id, query),
  );
  addRoute(app, r.bank.create, async ({ actor, params, body }) =>
    createBankRequisite(deps(), actor, params.id, body),
  );
  addRoute(app, r.bank.update, async ({ actor, params, body }) =>
    updateBankRequisite(deps(), actor, params.id, params.item_id, body),
  );
  addRoute(app, r.bank.remove, async ({ actor, params }) => {
    await deleteBankRequisite(deps(), actor, params.id, params.item_id);
    return null;
  });

  addRoute(app, r.customers.list, async ({ company, query }) =>
    listCompanyCustomers(deps(), company.id, query),
  );
  addRoute(app, r.customers.create, async ({ actor, params, body }) =>
    createCustomer(deps(), actor, params.id, body),
  );
  addRoute(app, r.customers.update, async ({ actor, params, body }) =>
    updateCustomer(deps(), actor, params.id, params.item_id, body),
  );
  addRoute(app, r.customers.remove, async ({ actor, params }) => {
    await deleteCustomer(deps(), actor, params.id, params.item_id);
    return null;
  });
}

export const companiesModule = defineModule({
  name: 'companies',
  routes: registerRoutes,
});
