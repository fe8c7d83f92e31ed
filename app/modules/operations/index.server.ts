/**
 * The operations module's server API for other modules: the one supplier list (concrete reads it)
 * and the new installs awaiting their check (the fleet page shows them).
 */
export {
  createSupplier,
  deleteSupplier,
  listSuppliers,
  type Supplier,
} from "./suppliers-upstream.server";
export { installsAwaitingCheck, type PendingInstall } from "./new-installs.server";
