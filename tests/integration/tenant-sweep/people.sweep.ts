import {
  changeDeviceLinks,
  createPerson,
  listDeviceLinks,
  listGroupGrants,
  listGroups,
  listPeople,
} from "~/modules/admin/people-upstream.server";
import { listAdminJobsites } from "~/modules/admin/jobsites-upstream.server";
import {
  createQuote,
  getPaymentMethod,
  getSubscription,
  startCheckout,
} from "~/modules/admin/billing-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/**
 * Company administration (issue 19): company 2's people, groups, device links, jobsites and payment
 * checkout, named by company 1 in paths, queries and form fields.
 */
export default defineSweep({
  seed: async ({ upB, imeiB }) => {
    const groupB = (await listGroups(upB))[0]!.id;
    // A restricted account of company 2 (not its signed-in user), so links are in the snapshot.
    const personB = (
      await createPerson(upB, {
        first_name: "Rae",
        last_name: "Stricted",
        email: "rae@southside.example",
        mobile: null,
        group_ids: [groupB],
      })
    ).username_id;
    await changeDeviceLinks(upB, { action: "link", username_ids: [personB], imeis: [imeiB] });
    const checkoutB = (await startCheckout(upB, "http://localhost:3000/dashboard/payment-details"))
      .id;
    const sub = await getSubscription(upB);
    const quoteB = (await createQuote(upB, { ...sub, devices: sub.devices + 1 })).id;
    return { personB, groupB, jobsiteB: 201, checkoutB, quoteB };
  },
  cases: ({ personB, groupB, jobsiteB, checkoutB, quoteB }): SweepCase[] => {
    const person = "_shell.admin.people.$id.tsx";
    const jobsite = "_shell.admin.jobsite.$id.($primary).($secondary).tsx";
    const site = {
      name: "Mine",
      shape: "circle",
      lat: "-27.5",
      lng: "153",
      radius: "100",
      active: "on",
    };
    return [
      { file: person, method: "GET", url: `/admin/people/${personB}` },
      ...["update", "deactivate", "activate", "reset"].map((intent): SweepCase => ({
        file: person,
        method: "POST",
        url: `/admin/people/${personB}`,
        body: {
          intent,
          confirm: "yes",
          first_name: "Mine",
          last_name: "Now",
          email: "mine@harbour.example",
        },
      })),
      {
        file: "_shell.admin.people._index.tsx",
        method: "POST",
        url: "/admin/people",
        body: {
          intent: "create",
          first_name: "Sly",
          last_name: "Join",
          email: "sly@harbour.example",
          group_ids: String(groupB),
        },
      },
      { file: "_shell.admin.groups.tsx", method: "GET", url: `/admin/groups?rename=${groupB}` },
      ...["rename", "delete"].map((intent): SweepCase => ({
        file: "_shell.admin.groups.tsx",
        method: "POST",
        url: "/admin/groups",
        body: { intent, id: String(groupB), nickname: "Taken", confirm: "yes" },
      })),
      {
        file: "_shell.admin.grouppermissions.tsx",
        method: "POST",
        url: "/admin/grouppermissions",
        body: { intent: "save", groups: String(groupB), grant: `${groupB}:edit_permissions` },
      },
      ...["link", "unlink", "unrestrict"].map((intent): SweepCase => ({
        file: "_shell.admin.accdevlink.tsx",
        method: "POST",
        url: "/admin/accdevlink",
        body: { intent, accounts: String(personB), devices: "" },
      })),
      { file: jobsite, method: "GET", url: `/admin/jobsite/${jobsiteB}` },
      { file: jobsite, method: "GET", url: `/admin/jobsite/${jobsiteB}/vehicles` },
      { file: jobsite, method: "GET", url: `/admin/jobsite/${jobsiteB}/details/contacts` },
      {
        file: jobsite,
        method: "POST",
        url: `/admin/jobsite/${jobsiteB}`,
        body: { intent: "update", ...site },
      },
      {
        file: jobsite,
        method: "POST",
        url: `/admin/jobsite/${jobsiteB}/details`,
        body: { intent: "create", ...site },
      },
      {
        file: "dashboard.purchase-subscriptions.tsx",
        method: "POST",
        url: "/dashboard/purchase-subscriptions",
        body: { intent: "buy", quote_id: quoteB },
      },
      {
        file: "dashboard.payment-details.tsx",
        method: "GET",
        url: `/dashboard/payment-details?checkout=${checkoutB}`,
      },
    ];
  },
  own: ({ personB, groupB, jobsiteB }) => [
    `/admin/people/${personB}`,
    `/admin/groups?rename=${groupB}`,
    `/admin/jobsite/${jobsiteB}`,
    `/admin/jobsite/${jobsiteB}/details/contacts`,
  ],
  snapshot: async ({ upB }) => ({
    // Sign-ins during the sweep move last_login; everything else must stay.
    people: (await listPeople(upB)).map(({ last_login: _l, ...p }) => p),
    groups: await listGroups(upB),
    grants: await listGroupGrants(upB),
    links: await listDeviceLinks(upB),
    jobsites: await listAdminJobsites(upB),
    card: await getPaymentMethod(upB),
    subscription: await getSubscription(upB),
  }),
});
