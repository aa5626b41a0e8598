package com.example.profileflow

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.compose.runtime.Composable
import androidx.navigation.compose.NavHost
import androidx.navigation.compose.composable
import androidx.navigation.compose.rememberNavController

class MainActivity : ComponentActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContent { AppTheme { AppNavigation() } }
    }
}

/** The storyboard: one destination per screen, edges from the drawn links. */
@Composable
fun AppNavigation() {
    val navController = rememberNavController()
    NavHost(navController = navController, startDestination = "HomeScreen") {
        composable("HomeScreen") { HomeScreen(onOpenPreferencesScreen = { navController.navigate("PreferencesScreen") }, onOpenProfileDetailsScreen = { navController.navigate("ProfileDetailsScreen") }) }
        composable("ProfileDetailsScreen") { ProfileDetailsScreen(onBack = { navController.popBackStack() }) }
        composable("PreferencesScreen") { PreferencesScreen() }
    }
}
