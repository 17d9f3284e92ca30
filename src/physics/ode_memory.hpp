// ODE's allocation hooks (dSetAllocHandler & co.) routed to per-thread free lists.
#pragma once

namespace genokit::physics {

// Built with AddressSanitizer (GCC or clang): the hooks are never installed then.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitized = true;
#else
inline constexpr bool kAddressSanitized = false;
#endif
#else
inline constexpr bool kAddressSanitized = false;
#endif

// Installs the hooks (once, before dInitODE2) when the program asked for them
// (use_ode_allocation_hooks(true)) and has not set a handler of its own. Not under
// AddressSanitizer, which should see every ODE allocation and free as they happen.
void install_ode_memory();

}  // namespace genokit::physics
