// The async boundary: shared singletons are negotiated before any of them is imported. The chunk is
// named so the server can preload it with the first HTML.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
