// ODE's allocation hooks (dSetAllocHandler & co.) routed to per-thread free lists.
#pragma once

namespace genokit::physics {

// Installs the hooks (once, before dInitODE2). Not under AddressSanitizer, which should see every
// ODE allocation and free as they happen.
void install_ode_memory();

}  // namespace genokit::physics
