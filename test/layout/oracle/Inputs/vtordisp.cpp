// MSVC puts a vtordisp (4 bytes) before a virtual base whose virtual
// function the class overrides when it also declares a constructor; for
// vtordisp.test.
struct PolyF {
  virtual void f();
  int p;
};
struct WithVtordisp : virtual PolyF {
  WithVtordisp();
  void f() override;
  int x;
};
