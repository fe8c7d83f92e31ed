/** The operations module's server API for other modules: the one supplier list (concrete reads it). */
export {
  createSupplier,
  deleteSupplier,
  listSuppliers,
  type Supplier,
} from "./suppliers-upstream.server";
