// Workgroups dispatched by gl::dispatchLinear() form a 2D grid so that counts beyond one
// dimension's limit fit; the last row may hold groups past the requested count, which must
// return early (compare with the count the C++ side passes in).
uint linearGroupId() {
  return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
}
